import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { deskText } from "~/content/desk";
import { limits } from "~/lib/prices/price-list";

const text = deskText.pricesPage;

/** A price-list item's name and category, as the Add form and an item's details form both ask them. */
export function PriceItemFields({
  idPrefix,
  name,
  category,
  categories,
  errorId,
}: {
  /** Keeps the two forms' field ids apart: "add" or "item". */
  idPrefix: string;
  name: string | undefined;
  category: string;
  categories: { slug: string; label: string }[];
  /** The refusal's element, when the form was refused. */
  errorId: string | null;
}) {
  return (
    <>
      <div className="space-y-1.5">
        <Label htmlFor={`${idPrefix}-name`}>{text.name}</Label>
        <Input
          id={`${idPrefix}-name`}
          name="name"
          autoComplete="off"
          maxLength={limits.nameLength}
          defaultValue={name}
          dir="auto"
          {...(errorId ? { "aria-invalid": true, "aria-describedby": errorId } : {})}
        />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={`${idPrefix}-category`}>{text.category}</Label>
        <NativeSelect id={`${idPrefix}-category`} name="category" defaultValue={category}>
          {categories.map((each) => (
            <option key={each.slug} value={each.slug}>
              {each.label}
            </option>
          ))}
        </NativeSelect>
      </div>
    </>
  );
}
