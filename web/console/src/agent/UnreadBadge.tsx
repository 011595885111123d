// An unread count: the number shows in a pill, and assistive technology gets ", N unread" as
// text, so a tab or link is named "Mine, 1 unread" rather than "Mine1". Text (not aria-label on a
// span, which ARIA prohibits on a generic element) is read the same way by every browser.
import { useT } from "../i18n/index";

export function UnreadBadge({ count }: { count: number }) {
  const t = useT();
  return (
    <>
      <span className="badge" aria-hidden="true">
        {count}
      </span>
      <span className="visually-hidden">{t("chatList.unread", { count })}</span>
    </>
  );
}
