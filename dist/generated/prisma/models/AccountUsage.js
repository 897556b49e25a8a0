export {};
//# sourceMappingURL=AccountUsage.js.map