export {};
//# sourceMappingURL=ApiKey.js.map