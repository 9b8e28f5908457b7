/** Small form fields used by several pages: a labelled checkbox, and a new password's input
 * (the server's length rules, the browser's password manager told it is a new one). */
import type { ComponentChildren } from "preact";

/** A checkbox with its label after it; ``name`` names it for forms and tests. */
export function Checkbox(props: {
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ComponentChildren;
}) {
  return (
    <label>
      <input
        type="checkbox"
        name={props.name}
        checked={props.checked}
        onChange={(e) => props.onChange(e.currentTarget.checked)}
      />{" "}
      {props.children}
    </label>
  );
}

/** A new password's input, 8 to 256 characters as the server wants (server/accounts.py). */
export function NewPassword(props: { label: string; value: string; onInput: (value: string) => void }) {
  return (
    <label>
      {props.label}{" "}
      <input
        type="password"
        autocomplete="new-password"
        required
        minLength={8}
        maxLength={256}
        value={props.value}
        onInput={(e) => props.onInput(e.currentTarget.value)}
      />
    </label>
  );
}
