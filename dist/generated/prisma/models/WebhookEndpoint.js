export {};
//# sourceMappingURL=WebhookEndpoint.js.map