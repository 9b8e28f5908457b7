/** A clickable place on a board: an SVG group that sends its action on click, Enter or
 * Space, and says what it does to screen readers. */
import type { ComponentChildren } from "preact";
import type { LegalAction } from "../generated/protocol";

export function Place(props: {
  action: LegalAction | undefined;
  onAct: (action: number) => void;
  children: ComponentChildren;
}) {
  const { action, onAct, children } = props;
  if (!action) return <g>{children}</g>;
  const send = () => onAct(action.id);
  return (
    <g
      class="place"
      role="button"
      tabIndex={-1}
      aria-label={action.label}
      data-action={action.id}
      onClick={send}
      onKeyDown={(event) => {
        if (event.key === "Enter" || event.key === " ") send();
      }}
    >
      <title>{action.label}</title>
      {children}
    </g>
  );
}
