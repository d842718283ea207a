/**
 * An e-mail address that wraps, when it must, only after the @ or before a dot: never inside a name, nor
 * at a hyphen, where a reader would take the break for part of the address.
 */
export function EmailAddress({ address }: { address: string }) {
  const [local, domain = ""] = address.split("@");
  const [first, ...rest] = domain.split(".");
  const parts = [`${local}@`, first, ...rest.map((part) => `.${part}`)];
  return (
    <span className="break-normal">
      {parts.map((part, index) => (
        <span key={index} className="whitespace-nowrap">
          {index > 0 && <wbr />}
          {part}
        </span>
      ))}
    </span>
  );
}
