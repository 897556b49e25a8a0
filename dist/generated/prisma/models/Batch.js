export {};
//# sourceMappingURL=Batch.js.map