// An unread count: the number shows in a pill, and assistive technology gets ", N unread" as
// text, so a tab or link is named "Mine, 1 unread" rather than "Mine1". Text (not aria-label on a
// span, which ARIA prohibits on a generic element) is read the same way by every browser.
export function UnreadBadge({ count }: { count: number }) {
  return (
    <>
      <span className="badge" aria-hidden="true">
        {count}
      </span>
      <span className="visually-hidden">, {count} unread</span>
    </>
  );
}
