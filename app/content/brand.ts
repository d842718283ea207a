/** "Pharmedic - ONSET" → { company: "Pharmedic", name: "ONSET" }. */
export function splitBrand(brand: string): { company: string; name: string } {
  const at = brand.lastIndexOf(" - ");
  return at === -1 ? { company: "", name: brand } : { company: brand.slice(0, at), name: brand.slice(at + 3) };
}
