export {};
//# sourceMappingURL=WebhookDelivery.js.map