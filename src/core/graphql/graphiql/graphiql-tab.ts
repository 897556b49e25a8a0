// What a GraphiQL example tab is, and the lines every tab starts with.
import type { ServiceClock } from "../../clock.js";

export interface GraphiQLTab {
  query: string;
  /** A function for variables that depend on the day the page is served (a send time). */
  variables?: string | ((clock: ServiceClock) => string);
}

export const keyHint = `# Your API key goes in the Headers tab below: { "Authorization": "Bearer <API_KEY>" }.
# Several operations per tab: the run button asks which one.
`;

export const vars = (v: Record<string, unknown>) => JSON.stringify(v, null, 2);
