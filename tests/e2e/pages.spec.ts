import { expect, test } from "./support/test";

test("/process shows four numbered steps, four differentiators and a quote call to /contact", async ({ page }) => {
  await page.goto("/process");
  await expect(page.getByRole("heading", { level: 1, name: "Our Process" })).toBeVisible();

  const steps = page.locator("ol > li");
  await expect(steps).toHaveCount(4);
  const names = ["Consultation & Inquiry", "Design & Digital Mockup", "Production & Quality Check", "On-Time Delivery"];
  for (const [index, name] of names.entries()) {
    const step = steps.nth(index);
    await expect(step.getByRole("heading", { name: `Step ${index + 1}: ${name}` })).toBeVisible();
    await expect(step).toContainText(String(index + 1));
    await expect(step.locator("p").first()).not.toBeEmpty();
  }

  const differentiators = page.locator("section:has(#differentiators-heading) li");
  await expect(differentiators).toHaveCount(4);
  for (const name of ["Quality Assurance", "Transparent Communication", "Flexible Timelines", "Professional Support"]) {
    await expect(differentiators.getByRole("heading", { name })).toBeVisible();
  }

  await page.getByRole("main").getByRole("link", { name: "Request a Quote" }).click();
  await expect(page).toHaveURL(/\/contact$/);
});

test("/about shows the mission, both kinds of experience, four values, the three figures and a contact link", async ({
  page,
}) => {
  await page.goto("/about");
  const main = page.getByRole("main");
  await expect(page.getByRole("heading", { level: 1, name: "About Us" })).toBeVisible();
  await expect(main.getByRole("heading", { name: "Our Mission" })).toBeVisible();
  await expect(main.getByText(/^Our mission is to /)).toBeVisible();

  await expect(main.getByRole("heading", { name: "Pharmaceutical" })).toBeVisible();
  await expect(main.getByRole("heading", { name: "Corporate" })).toBeVisible();

  const values = main.locator("section:has(#values-heading) li");
  await expect(values).toHaveCount(4);
  for (const name of ["Quality", "Integrity", "Reliability", "Partnership"]) {
    await expect(values.getByRole("heading", { name })).toBeVisible();
  }

  const figures = main.locator("dl dd");
  await expect(figures).toHaveText(["15+", "1000+", "100%"]);
  await expect(main.locator("dl dt")).toHaveText(["Years of Experience", "Happy Clients", "Client Satisfaction"]);

  await main.getByRole("link", { name: "Contact Us" }).click();
  await expect(page).toHaveURL(/\/contact$/);
});
