import { z } from "zod";
import { clockTimeText, endAfterStart, timeZoneName, WEEK_DAYS, windowDays } from "./send-window.js";

// The send window routes' body and answer (see core/rest/schemas.ts for how they are used). The
// body's rules and messages are the service's own (send-window.ts): it is checked here once, and
// the service takes what this check made of it.

const weekDay = z.enum(WEEK_DAYS);

export const sendWindowBody = z
  .strictObject({
    time_zone: timeZoneName.meta({ description: "IANA time zone.", examples: ["Asia/Riyadh"] }),
    days: windowDays.meta({ examples: [["sun", "mon", "tue", "wed", "thu"]] }),
    start: clockTimeText.meta({ description: "HH:MM local time the window opens.", examples: ["09:00"] }),
    end: clockTimeText.meta({ description: "HH:MM local time it closes, after start (24:00: midnight).", examples: ["21:00"] }),
  })
  .check(endAfterStart("start", "end"))
  .meta({ id: "SendWindowRequest" });

export const sendWindowResponse = z
  .object({
    send_window: z
      .object({ time_zone: z.string(), days: z.array(weekDay), start: z.string(), end: z.string() })
      .nullable()
      .meta({ description: "null: no window; messages go out at any time." }),
  })
  .meta({ id: "SendWindow" });
