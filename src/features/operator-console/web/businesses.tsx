import { Alert } from "./alert.js";
import { useEffect, useState } from "preact/hooks";
import { ApiError, command, type Business, type BusinessPage, type CommandKind } from "./api.js";
import { count, fill, textsOf, type Lang } from "./i18n.js";
import { BusinessCard } from "./business-card.js";
import { formFields } from "./forms.js";

// Businesses: one box finds a business by id, number, staff email or name (tenant:search), a
// status narrows them, "More" reads the next page. Each is a card with what the operator needs at
// a glance and, for roles that may, suspend and resume. What an action did is said in a status line.

const STATUSES = ["trial", "active", "past_due", "suspended", "canceled"] as const;

interface Query {
  q: string;
  status: string;
}

interface Props {
  lang: Lang;
  may: CommandKind[];
  onSignedOut: () => void;
}

/** The businesses found so far for a query, the next page's key, and how to read a page. */
function useBusinessPages(refused: (err: unknown) => void) {
  const [list, setList] = useState<Business[] | undefined>();
  const [next, setNext] = useState<number | null>(null);
  const load = async (q: Query, after = 0) => {
    try {
      const page = await command<BusinessPage>("tenant:search", { ...(q.q ? { q: q.q } : {}), ...(q.status ? { status: q.status } : {}), after });
      setList((shown) => (after === 0 ? page.businesses : [...(shown ?? []), ...page.businesses]));
      setNext(page.next);
    } catch (err) {
      refused(err);
    }
  };
  /** After an action: the business as it is now, in place. */
  const replace = (b: Business) => setList((shown) => shown?.map((x) => (x.id === b.id ? b : x)));
  return { list, next, load, replace };
}

export function Businesses({ lang, may, onSignedOut }: Props) {
  const t = textsOf(lang);
  const [query, setQuery] = useState<Query>({ q: "", status: "" });
  const [said, setSaid] = useState("");
  const [error, setError] = useState<string | undefined>();
  const refused = (err: unknown) => {
    if (err instanceof ApiError && err.code === "NOT_FOUND") return onSignedOut();
    setError(err instanceof ApiError ? err.message : String(err));
  };
  const { list, next, load, replace } = useBusinessPages(refused);
  useEffect(() => void load(query), []);
  const search = (q: Query) => {
    setQuery(q);
    setSaid("");
    setError(undefined);
    void load(q);
  };
  const changed = (b: Business, message: string) => {
    replace(b);
    setSaid(message);
  };

  return (
    <section aria-labelledby="businesses-heading">
      <h2 id="businesses-heading">{t.businesses}</h2>
      <SearchForm lang={lang} onSearch={search} />
      <p role="status" class="said">
        {said}
      </p>
      <Alert text={error} />
      {list === undefined ? <p>{t.loading}</p> : list.length === 0 ? <p>{t.noneFound}</p> : <p class="hint">{fill(t.found, { count: count(lang, list.length) })}</p>}
      <ul class="businesses">
        {list?.map((b) => (
          <BusinessCard key={b.id} lang={lang} may={may} business={b} onChanged={changed} onRefused={refused} />
        ))}
      </ul>
      {next !== null ? (
        <button type="button" onClick={() => void load(query, next)}>
          {t.more}
        </button>
      ) : null}
    </section>
  );
}

/** The one box and the status a search narrows to. */
function SearchForm({ lang, onSearch }: { lang: Lang; onSearch: (q: Query) => void }) {
  const t = textsOf(lang);
  const submit = (e: Event) => {
    e.preventDefault();
    const field = formFields(e);
    onSearch({ q: field("q").trim(), status: field("status") });
  };
  return (
    <form class="search" role="search" onSubmit={submit}>
      <label>
        {t.searchLabel}
        <input name="q" type="search" maxLength={100} />
      </label>
      <label>
        {t.statusFilter}
        <select name="status">
          <option value="">{t.anyStatus}</option>
          {STATUSES.map((s) => (
            <option value={s} key={s}>
              {t[`status_${s}`]}
            </option>
          ))}
        </select>
      </label>
      <button type="submit">{t.search}</button>
    </form>
  );
}
