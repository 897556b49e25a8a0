import { useEffect, useState } from "preact/hooks";

// A long list read a page at a time (the API's cursor connections): the first page for the current
// filters, and "show more" appends the next. 10,000 contacts cost a page each, never all at once.

export const PAGE_SIZE = 50;

interface Connection<T> {
  edges: Array<{ node: T }>;
  pageInfo: { hasNextPage: boolean; endCursor?: string | null | undefined };
}

export function usePaged<T>(load: (after: string | null) => Promise<Connection<T>>, filters: unknown) {
  const [items, setItems] = useState<T[] | undefined>();
  const [next, setNext] = useState<string | null>(null);
  const [error, setError] = useState<Error | undefined>();
  const key = JSON.stringify(filters);
  const take = (after: string | null, append: boolean) =>
    load(after).then((c) => {
      setItems((shown) => [...(append && shown ? shown : []), ...c.edges.map((e) => e.node)]);
      setNext(c.pageInfo.hasNextPage ? (c.pageInfo.endCursor ?? null) : null);
    }, setError);
  useEffect(() => {
    setItems(undefined);
    void take(null, false);
  }, [key]);
  return { items, error, more: next ? () => void take(next, true) : undefined, reload: () => void take(null, false) };
}
