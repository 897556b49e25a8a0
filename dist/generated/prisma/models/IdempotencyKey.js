export {};
//# sourceMappingURL=IdempotencyKey.js.map