export {};
//# sourceMappingURL=Account.js.map