import "react-router";

declare module "react-router" {
  interface AppLoadContext {
    /** The visitor's IP address, as the server saw it (rate limiting, quote records). */
    clientIp: string;
  }
}
