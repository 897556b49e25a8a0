/** A refusal or failure said where it happened (beside its field, when `id` names it); nothing when there is none. */
export function Alert({ text, id }: { text: string | undefined; id?: string }) {
  return text ? (
    <p id={id} role="alert" class="error">
      {text}
    </p>
  ) : null;
}
