import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

/** Every URL of the site, in one place. Public pages are prerendered (see app/public-paths.server.ts). */
export default [
  index("routes/home.tsx"),
  route("portfolio", "routes/portfolio.tsx"),
  route("portfolio/:id", "routes/portfolio-item.tsx"),
  route("portfolio/:id/studio", "routes/portfolio-studio.tsx"),
  route("process", "routes/process.tsx"),
  route("case-studies", "routes/case-studies.tsx"),
  route("about", "routes/about.tsx"),
  route("blog", "routes/blog.tsx"),
  route("blog/:slug", "routes/blog-article.tsx"),
  route("blog/feed.xml", "routes/blog-feed.xml.ts"),
  route("contact", "routes/contact.tsx"),
  route("products/:category", "routes/products/category.tsx"),

  // The staff desk: server-rendered for a session only, never prerendered or listed (app/lib/desk/).
  layout("routes/desk/signed-out-layout.tsx", [
    route("desk/sign-in", "routes/desk/sign-in.tsx"),
    route("desk/setup/:token", "routes/desk/setup.tsx"),
  ]),
  route("desk/sign-out", "routes/desk/sign-out.tsx"),
  route("desk", "routes/desk/layout.tsx", [
    layout("routes/desk/pages.tsx", [
      index("routes/desk/inbox.tsx"),
      route("quotes/:reference", "routes/desk/request.tsx"),
      route("quotes/:reference/files/:role", "routes/desk/request-file.ts"),
      route("quotes/:reference/proofs/:version", "routes/desk/proof-file.ts"),
      route("quotes/:reference/mail-files/:id", "routes/desk/mail-file.ts"),
      route("quotes/:reference/record", "routes/desk/proof-record.tsx"),
      route("quotes/:reference/quotation", "routes/desk/quotation.tsx"),
      route("quotes/:reference/quotations/:file", "routes/desk/quotation-pdf.ts"),
      // An order's money: the panels' posts and its invoices' PDFs (the order's page shows the panels).
      route("orders/:reference/payments", "routes/desk/order-payments.ts"),
      route("orders/:reference/invoices", "routes/desk/order-invoices.ts"),
      route("orders/:reference/invoices/:file", "routes/desk/order-document.ts"),
      route("orders/:reference/receipts/:file", "routes/desk/order-receipt.ts"),
      route("export/:format", "routes/desk/export.ts"),
      route("mail", "routes/desk/mail.tsx"),
      route("orders", "routes/desk/orders.tsx"),
      route("orders/:reference", "routes/desk/order.tsx"),
      route("receivables", "routes/desk/receivables.tsx"),
      route("orders/:reference/photos/:id", "routes/desk/order-photo.ts"),
      route("prices", "routes/desk/prices.tsx"),
      route("prices/:itemId", "routes/desk/price-item.tsx"),
      route("staff", "routes/desk/staff.tsx"),
      route("reports", "routes/desk/reports.tsx"),
      route("reports/:file", "routes/desk/report-csv.ts"),
      route("system", "routes/desk/system.tsx"),
      route("*", "routes/desk/not-found.tsx"),
    ]),
  ]),

  // A buyer's proofs, by a private link: server-rendered, never prerendered or listed (app/lib/proofs/).
  route("proof/:token", "routes/proof/page.tsx"),
  route("proof/:token/file", "routes/proof/file.ts"),
  route("proof/:token/record", "routes/proof/record.tsx"),
  route("proof/:token/acceptance", "routes/proof/acceptance.tsx"),
  route("proof/:token/acceptance/pdf", "routes/proof/acceptance-pdf.ts"),
  route("proof/:token/invoices/:file", "routes/proof/invoice-pdf.ts"),
  route("proof/:token/receipts/:file", "routes/proof/receipt-pdf.ts"),
  route("proof/:token/quotations/:file", "routes/proof/quotation-pdf.ts"),
  route("proof/:token/photos/:id", "routes/proof/qc-photo.ts"),

  // Resource routes (no UI).
  route("sitemap.xml", "routes/sitemap.xml.ts"),
  route("robots.txt", "routes/robots.txt.ts"),
  // For the process manager and an uptime checker: no session, nothing private (app/lib/system/).
  route("healthz", "routes/healthz.ts"),
  // Meta's WhatsApp Cloud API webhook: its verification and signed posts, no session (app/lib/whatsapp/).
  route("webhooks/whatsapp", "routes/webhooks/whatsapp.ts"),

  // Anything else: the 404 page, answered with status 404.
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
