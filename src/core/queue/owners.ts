/** The lock owner of messages a request delivers itself (acceptance, inline delivery, the sent batcher). */
export const inlineOwner = (instanceId: string) => `${instanceId}:inline`;
