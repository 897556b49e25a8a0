// What a GraphiQL example tab is, and the lines every tab starts with.

export interface GraphiQLTab {
  query: string;
  variables?: string;
}

export const keyHint = `# Your API key goes in the Headers tab below: { "Authorization": "Bearer <API_KEY>" }.
# Several operations per tab: the run button asks which one.
`;

export const vars = (v: Record<string, unknown>) => JSON.stringify(v, null, 2);
