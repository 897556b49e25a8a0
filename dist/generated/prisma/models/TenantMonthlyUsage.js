export {};
//# sourceMappingURL=TenantMonthlyUsage.js.map