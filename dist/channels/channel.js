export async function sendParts(channel, message, progress) {
    const parts = channel.parts(message);
    let providerMessageId = null;
    for (const [i, part] of parts.entries()) {
        const earlier = progress?.sent.find((s) => s.part === part);
        if (earlier) {
            providerMessageId = earlier.providerMessageId;
            continue;
        }
        const result = await channel.send(message, part);
        if (!result.ok)
            return result;
        providerMessageId = result.providerMessageId;
        // The last part's success is recorded with the message itself (sent).
        if (progress && i < parts.length - 1 && !(await progress.record({ part, providerMessageId })))
            return undefined;
    }
    return { ok: true, providerMessageId };
}
//# sourceMappingURL=channel.js.map