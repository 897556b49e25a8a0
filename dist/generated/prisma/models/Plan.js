export {};
//# sourceMappingURL=Plan.js.map