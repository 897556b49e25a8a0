export {};
//# sourceMappingURL=models.js.map