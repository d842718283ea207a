import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { taxRegistrationText as text } from "~/content/tax-registration";
import { registrationTypes } from "~/lib/fbr/lists";
import {
  provinceChoices,
  registrationLabel,
  type TaxFactsField,
  taxFactsLimits,
  type TaxFactsValues,
} from "~/lib/orders/tax-facts-schema";

/**
 * The five fields of a buyer's tax registration (tax-facts-schema.ts), each with its refusal under
 * it: the buyer's acceptance and the desk's order page both show these.
 */
export function TaxFactsFields({
  idPrefix,
  values,
  errors = {},
}: {
  /** Keeps the fields' ids apart from the rest of the page. */
  idPrefix: string;
  values: TaxFactsValues | undefined;
  errors?: Partial<Record<TaxFactsField, string>>;
}) {
  const id = (field: TaxFactsField) => `${idPrefix}-${field}`;
  const described = (field: TaxFactsField, hint = false) => {
    const ids = [errors[field] ? `${id(field)}-error` : "", hint ? `${id(field)}-hint` : ""].filter(Boolean);
    return {
      ...(errors[field] ? { "aria-invalid": true } : {}),
      ...(ids.length ? { "aria-describedby": ids.join(" ") } : {}),
    };
  };
  const message = (field: TaxFactsField) =>
    errors[field] && (
      <p id={`${id(field)}-error`} className="text-sm font-medium text-red-800">
        {errors[field]}
      </p>
    );
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <FormField id={id("registrationType")} label={text.registrationType}>
        <NativeSelect
          id={id("registrationType")}
          name="registrationType"
          defaultValue={values?.registrationType ?? ""}
          {...described("registrationType")}
        >
          <option value="">{text.chooseOne}</option>
          {registrationTypes.map((type) => (
            <option key={type} value={type}>
              {registrationLabel[type]}
            </option>
          ))}
        </NativeSelect>
        {message("registrationType")}
      </FormField>
      <FormField id={id("ntnCnic")} label={text.ntnCnic}>
        <Input
          id={id("ntnCnic")}
          name="ntnCnic"
          inputMode="numeric"
          autoComplete="off"
          maxLength={40}
          defaultValue={values?.ntnCnic}
          {...described("ntnCnic", true)}
        />
        <p id={`${id("ntnCnic")}-hint`} className="text-xs text-muted-foreground">
          {text.ntnCnicHint}
        </p>
        {message("ntnCnic")}
      </FormField>
      <FormField id={id("businessName")} label={text.businessName}>
        <Input
          id={id("businessName")}
          name="businessName"
          autoComplete="organization"
          maxLength={taxFactsLimits.businessName}
          dir="auto"
          defaultValue={values?.businessName}
          {...described("businessName")}
        />
        {message("businessName")}
      </FormField>
      <FormField id={id("province")} label={text.province}>
        <NativeSelect
          id={id("province")}
          name="province"
          defaultValue={values?.province ?? ""}
          {...described("province")}
        >
          <option value="">{text.chooseOne}</option>
          {provinceChoices.map((province) => (
            <option key={province.value} value={province.value}>
              {province.label}
            </option>
          ))}
        </NativeSelect>
        {message("province")}
      </FormField>
      <FormField id={id("address")} label={text.address} className="sm:col-span-2">
        <Textarea
          id={id("address")}
          name="address"
          rows={2}
          maxLength={taxFactsLimits.address}
          autoComplete="street-address"
          dir="auto"
          defaultValue={values?.address}
          {...described("address")}
        />
        {message("address")}
      </FormField>
    </div>
  );
}
