import type { Message } from "../../generated/prisma/client.js";
import type { ServiceDeps } from "../../core/deps.js";
import { inwardAddressProblem } from "../../core/input/public-address.js";
import { storedContent } from "../../core/content/message-content.js";
import { statusEvent } from "../../core/live/events.js";
import { markFailed } from "../queue/index.js";
import { sentParts } from "./message-parts.js";

// Links are checked where they lead when a send is accepted, but a queued message goes out later:
// by then its host's name may resolve inward, or it was accepted by a release that did not check
// its image link at all. So the worker asks again, once per host per claim, before a provider
// fetches anything.

/** The stable `error` of a queued message whose media link leads to an internal address when it is due. */
export const MEDIA_LINK_REFUSED = "media_link_refused";

/** The links of a message that its provider fetches: the image, a media file, a template's header file. */
export function linksOf(message: Pick<Message, "imageUrl" | "content">): string[] {
  const links = message.imageUrl ? [message.imageUrl] : [];
  const content = storedContent(message.content);
  if (content && "url" in content) links.push(content.url);
  if (content?.kind === "template" && content.header && content.header.type !== "text" && content.header.url) links.push(content.header.url);
  return links;
}

/**
 * Fails, of the messages `owner` just claimed, those with a link whose host is or resolves to an
 * internal address, giving back what they held; returns the rest. A message with a part already
 * sent is left to finish, as every stop before sending does.
 */
export async function failInwardLinks(deps: ServiceDeps, claimed: Message[], owner: string): Promise<Message[]> {
  if (deps.config.channel.mediaAllowPrivateAddresses) return claimed;
  const linked = claimed.filter((m) => linksOf(m).length > 0 && sentParts(m).length === 0);
  if (linked.length === 0) return claimed;
  const byHost = new Map<string, Promise<string | undefined>>();
  const problemOf = (link: string) => {
    const url = new URL(link);
    let problem = byHost.get(url.hostname);
    if (!problem) byHost.set(url.hostname, (problem = inwardAddressProblem(url, false)));
    return problem;
  };
  const refused: Array<{ message: Message; problem: string }> = [];
  for (const message of linked) {
    const problems = await Promise.all(linksOf(message).map(problemOf));
    const problem = problems.find((p) => p !== undefined);
    if (problem) refused.push({ message, problem });
  }
  if (refused.length === 0) return claimed;
  const ended = new Set<bigint>();
  for (const { message, problem } of refused) {
    deps.log.warn({ messageId: String(message.id), problem }, "queued message's media link refused");
    const failed = await markFailed(deps.db, message.id, owner, MEDIA_LINK_REFUSED, null, deps.clock.now());
    if (failed) deps.events.publish([statusEvent(failed)]);
    ended.add(message.id);
  }
  return claimed.filter((m) => !ended.has(m.id));
}
