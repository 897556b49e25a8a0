export {};
//# sourceMappingURL=Message.js.map