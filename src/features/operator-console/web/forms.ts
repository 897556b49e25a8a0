/** The text fields of the form an event came from, by name ("" for a field it does not hold). */
export function formFields(e: Event): (name: string) => string {
  const data = new FormData(e.currentTarget as HTMLFormElement);
  return (name) => {
    const value = data.get(name);
    return typeof value === "string" ? value : "";
  };
}
