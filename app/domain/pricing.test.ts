import { describe, expect, it } from "vitest";
import {
  DEFAULT_PRICES,
  OFFERED_DURATIONS,
  centsToReais,
  isOfferedDuration,
  priceForDuration,
  pricesFor,
  reaisToCents,
  typedReaisToCents,
} from "./pricing";

describe("pricesFor", () => {
  it("uses the active pricing row", () => {
    expect(pricesFor({ pricing: { price30Cents: 120_00, price60Cents: 200_00 }, psychologistPriceCents: 999_00 })).toEqual({ 30: 120_00, 60: 200_00 });
  });

  it("ignores a pricing row marked inactive", () => {
    expect(pricesFor({ pricing: { price30Cents: 120_00, price60Cents: 200_00, isActive: false }, psychologistPriceCents: 180_00 })).toEqual({
      30: 135_00,
      60: 180_00,
    });
  });

  it("falls back to the psychologist's price for 60 minutes and 75 % of it for 30", () => {
    expect(pricesFor({ pricing: null, psychologistPriceCents: 200_00 })).toEqual({ 30: 150_00, 60: 200_00 });
  });

  it("rounds the 75 % to the nearest centavo", () => {
    expect(pricesFor({ psychologistPriceCents: 199_99 })[30]).toBe(149_99); // 14999.25
    expect(pricesFor({ psychologistPriceCents: 150_01 })[30]).toBe(112_51); // 11250.75
    expect(pricesFor({ psychologistPriceCents: 2 })[30]).toBe(2); // 1.5 rounds half up
  });

  it("uses the global defaults without a pricing row or a price", () => {
    expect(pricesFor({})).toEqual({ 30: 150_00, 60: 280_00 });
    expect(pricesFor({ pricing: null, psychologistPriceCents: null })).toEqual(DEFAULT_PRICES);
  });

  it("returns a copy of the defaults, not the shared object", () => {
    const prices = pricesFor({});
    prices[30] = 1;
    expect(DEFAULT_PRICES[30]).toBe(150_00);
  });

  it.each([150.5, -100, Number.NaN])("refuses a price of %s centavos", (price) => {
    expect(() => pricesFor({ psychologistPriceCents: price })).toThrow(RangeError);
    expect(() => pricesFor({ pricing: { price30Cents: price, price60Cents: 100 } })).toThrow(RangeError);
  });
});

describe("priceForDuration", () => {
  const prices = { 30: 150_00, 60: 280_00 };

  it("takes 30 and 60 minutes as priced", () => {
    expect(priceForDuration(prices, 30)).toBe(150_00);
    expect(priceForDuration(prices, 60)).toBe(280_00);
  });

  it("prices 50 minutes pro rata from the 60-minute price", () => {
    expect(priceForDuration(prices, 50)).toBe(233_33); // 23333.33…
    expect(priceForDuration({ 30: 1, 60: 200_00 }, 50)).toBe(166_67); // 16666.66… rounds up
  });

  it("prices other durations pro rata too, never from the 30-minute price", () => {
    expect(priceForDuration({ 30: 999_99, 60: 120_00 }, 45)).toBe(90_00);
    expect(priceForDuration(prices, 90)).toBe(420_00);
  });

  it.each([0, -30, 50.5])("refuses %s minutes", (minutes) => {
    expect(() => priceForDuration(prices, minutes)).toThrow(RangeError);
  });
});

describe("offered durations", () => {
  it("offers 30, 50 and 60 minutes", () => expect(OFFERED_DURATIONS).toEqual([30, 50, 60]));
  it.each([30, 50, 60])("accepts %i", (minutes) => expect(isOfferedDuration(minutes)).toBe(true));
  it.each([45, 90, "60", null])("refuses %s", (minutes) => expect(isOfferedDuration(minutes)).toBe(false));
});

describe("reaisToCents", () => {
  it.each([
    ["150.10", 15010],
    ["150.1", 15010],
    ["150", 15000],
    ["0.01", 1],
    ["0.29", 29],
    ["233.33", 23333],
    ["1000000.99", 100000099],
    [" 42.00 ", 4200],
    ["150,10", 15010],
    ["-10.50", -1050],
  ] as const)("reads the string '%s' as %i centavos", (reais, cents) => {
    expect(reaisToCents(reais)).toBe(cents);
  });

  it.each([
    [150.1, 15010],
    [0.29, 29], // 0.29 * 100 is 28.999999999999996
    [1.15, 115], // 1.15 * 100 is 114.99999999999999
    [280, 28000],
  ])("reads the number %d as %i centavos", (reais, cents) => {
    expect(reaisToCents(reais)).toBe(cents);
  });

  it.each([19.99, 233.33, 280, 0.07, 123456.78])("round-trips %d reais through centavos", (reais) => {
    expect(centsToReais(reaisToCents(reais))).toBe(reais);
  });

  it.each(["", "abc", "1.234", "1.", ".5", "1e3", "R$ 10,00", "1.000,00"])("refuses the string '%s'", (reais) => {
    expect(() => reaisToCents(reais)).toThrow(RangeError);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, 1.234, 1.005])("refuses the number %d", (reais) => {
    expect(() => reaisToCents(reais)).toThrow(RangeError);
  });
});

describe("typedReaisToCents", () => {
  it.each([
    ["150", 150_00],
    ["150,00", 150_00],
    ["150,5", 150_50],
    ["150.5", 150_50],
    ["150.50", 150_50],
    ["1.500", 1500_00],
    ["1.500,00", 1500_00],
    ["1.234,56", 1234_56],
    ["12.345.678,90", 12345678_90],
    ["R$ 80,00", 80_00],
    ["r$80", 80_00],
    [" 42 ", 42_00],
    ["0,01", 1],
    ["0", 0],
    ["999999999", 999999999_00],
  ] as const)("reads '%s' as %i centavos", (typed, cents) => {
    expect(typedReaisToCents(typed)).toBe(cents);
  });

  // Each language's way: the admin's refund field is filled in as the reader's language writes amounts
  // (Intl: '70.00' in English and Chinese, '1 234,56' in French), and read back whichever way it is typed.
  it.each([
    ["70.00", 70_00],
    ["70,00", 70_00],
    ["R$70.00", 70_00],
    ["R$ 70,00", 70_00],
    ["70,00 R$", 70_00],
    ["70,00\u00a0R$", 70_00],
    ["\u200f70.00 R$\u200e", 70_00],
    ["1,234.56", 1234_56],
    ["R$1,234.50", 1234_50],
    ["1,234,567", 1234567_00],
    ["12,345,678.90", 12345678_90],
    ["12,34,567.50", 1234567_50],
    ["1,00,000", 100000_00],
    ["1 234,56", 1234_56],
    ["1\u00a0234,56", 1234_56],
    ["1\u202f234,56", 1234_56],
    ["1\u202f234\u202f567,50", 1234567_50],
    ["1234,50", 1234_50],
    ["1234.50", 1234_50],
    ["1'234.50", 1234_50],
    ["١٬٢٣٤٫٥٦", 1234_56],
    ["٧٠٫٠٠", 70_00],
    ["७०.००", 70_00],
    ["0.01", 1],
    ["0,5", 50],
  ] as const)("reads '%s', as some language writes it, as %i centavos", (typed, cents) => {
    expect(typedReaisToCents(typed)).toBe(cents);
  });

  it.each([
    ["ar", 70_00],
    ["de", 1234_56],
    ["en", 1234567_89],
    ["es", 12345_00],
    ["fr", 1234567_89],
    ["hi", 1234567_89],
    ["it", 99],
    ["pt-BR", 1500_00],
    ["pt-PT", 1234_56],
    ["ru", 1234567_89],
    ["zh-CN", 70_00],
  ])("reads back what Intl writes in %s (%i centavos), grouped or not", (locale, cents) => {
    for (const useGrouping of [true, false]) {
      const written = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping }).format(cents / 100);
      expect(typedReaisToCents(written)).toBe(cents);
    }
  });

  it.each(["", "abc", "-10", "1.5000", "1.234.5", "1e3", "10,", ",5", "150,001", "1000000000", "R$", "80 reais", "1,234,5", "1.234,567", "1,234", "1,500", "1,23.45", "1.234,567.89", "12,3456", "1 2,50", "70..00", "70,,00", "7 0"])("refuses '%s'", (typed) => {
    expect(typedReaisToCents(typed)).toBeNull();
  });
});

describe("centsToReais", () => {
  it.each([
    [15010, 150.1],
    [23333, 233.33],
    [1, 0.01],
    [0, 0],
  ])("turns %i centavos into %d reais", (cents, reais) => {
    expect(centsToReais(cents)).toBe(reais);
  });

  it("serialises to the decimal the provider expects", () => {
    expect(JSON.stringify({ unit_price: centsToReais(15010) })).toBe('{"unit_price":150.1}');
  });

  it.each([1.5, Number.NaN])("refuses %d centavos", (cents) => {
    expect(() => centsToReais(cents)).toThrow(RangeError);
  });
});
