export {};
//# sourceMappingURL=Tenant.js.map