import { useSearchParams } from "react-router";
import { DeskNotice } from "~/components/desk/desk-card";
import { deskText } from "~/content/desk";

const text = deskText.orderMoney;

/** What a money panel's last post did, from the query its action redirected with (unknown values say nothing). */
export function MoneyNotice({ panel }: { panel: "payments" | "invoices" }) {
  const [params] = useSearchParams();
  const done = params.get(`${panel}-done`);
  const error = params.get(`${panel}-error`);
  if (done && Object.hasOwn(text.done, done))
    return <DeskNotice tone="ok">{text.done[done as keyof typeof text.done]}</DeskNotice>;
  if (error && Object.hasOwn(text.errors, error))
    return <DeskNotice tone="error">{text.errors[error as keyof typeof text.errors]}</DeskNotice>;
  return null;
}
