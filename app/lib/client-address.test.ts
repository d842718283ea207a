import { describe, expect, it } from "vitest";
import { addressKey } from "./client-address";

describe("addressKey", () => {
  it("counts an IPv4 client by its address, also when the socket reports it mapped into IPv6", () => {
    expect(addressKey("203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("203.0.113.8")).not.toBe(addressKey("203.0.113.7"));
  });

  it("counts every address of one IPv6 /64 as one client, and another /64 apart", () => {
    const key = addressKey("2001:db8:1234:5678::1");
    expect(key).toBe("2001:db8:1234:5678::/64");
    expect(addressKey("2001:0db8:1234:5678:abcd:ef01:2345:6789")).toBe(key);
    expect(addressKey("2001:DB8:1234:5678:ffff::9%eth0")).toBe(key);
    expect(addressKey("2001:db8:1234:5679::1")).not.toBe(key);
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
    expect(addressKey("64:ff9b::192.0.2.33")).toBe("64:ff9b:0:0::/64");
  });

  it("keeps anything else as it is, bounded", () => {
    expect(addressKey("unknown")).toBe("unknown");
    expect(addressKey("")).toBe("unknown");
    expect(addressKey("x".repeat(500))).toHaveLength(100);
  });
});
