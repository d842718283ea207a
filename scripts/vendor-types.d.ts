declare module "wawoff2" {
  const wawoff2: {
    decompress(woff2: Uint8Array): Promise<Uint8Array>;
    compress(sfnt: Uint8Array): Promise<Uint8Array>;
  };
  export default wawoff2;
}

declare module "negotiator" {
  export default class Negotiator {
    constructor(request: { headers: import("node:http").IncomingHttpHeaders });
    /** The best of `available` by the request's Accept-Encoding; `preferred` orders equal weights. */
    encoding(available: string[], options?: { preferred?: string[] }): string | undefined;
  }
}
