export {};
//# sourceMappingURL=deps.js.map