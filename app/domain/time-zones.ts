/** Brazil's zones first in pickers; every other IANA zone follows. */
export const BRAZIL_TIME_ZONES = [
  "America/Sao_Paulo",
  "America/Bahia",
  "America/Fortaleza",
  "America/Recife",
  "America/Belem",
  "America/Maceio",
  "America/Araguaina",
  "America/Santarem",
  "America/Manaus",
  "America/Cuiaba",
  "America/Campo_Grande",
  "America/Porto_Velho",
  "America/Boa_Vista",
  "America/Rio_Branco",
  "America/Eirunepe",
  "America/Noronha",
] as const;

export const DEFAULT_TIME_ZONE = "America/Sao_Paulo";

/** The settings picker's names of Brazil's zones: their IANA cities as written in Portuguese (the ids drop the accents). */
const BRAZIL_ZONE_CITIES: Record<(typeof BRAZIL_TIME_ZONES)[number], string> = {
  "America/Sao_Paulo": "São Paulo",
  "America/Bahia": "Bahia",
  "America/Fortaleza": "Fortaleza",
  "America/Recife": "Recife",
  "America/Belem": "Belém",
  "America/Maceio": "Maceió",
  "America/Araguaina": "Araguaína",
  "America/Santarem": "Santarém",
  "America/Manaus": "Manaus",
  "America/Cuiaba": "Cuiabá",
  "America/Campo_Grande": "Campo Grande",
  "America/Porto_Velho": "Porto Velho",
  "America/Boa_Vista": "Boa Vista",
  "America/Rio_Branco": "Rio Branco",
  "America/Eirunepe": "Eirunepé",
  "America/Noronha": "Fernando de Noronha",
};

/** 'São Paulo' for America/Sao_Paulo, 'Belém' for America/Belem. */
export function brazilZoneCity(zone: (typeof BRAZIL_TIME_ZONES)[number]): string {
  return BRAZIL_ZONE_CITIES[zone];
}

export function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return zone.includes("/") || zone === "UTC";
  } catch {
    return false;
  }
}

/**
 * The practice zone's picker (agenda tab): Brazil's IANA zones east to west
 * over its four offsets (UTC−2 to UTC−5), each named after its city, with
 * America/Sao_Paulo as the Brasília time most of the country keeps. They are
 * all of Brazil's zones: the same set as BRAZIL_TIME_ZONES, in map order.
 */
export const PRACTICE_BRAZIL_ZONES: ReadonlyArray<{ zone: (typeof BRAZIL_TIME_ZONES)[number]; city: string }> = [
  { zone: "America/Noronha", city: "Fernando de Noronha" },
  { zone: "America/Sao_Paulo", city: "Brasília" },
  { zone: "America/Bahia", city: "Salvador" },
  { zone: "America/Fortaleza", city: "Fortaleza" },
  { zone: "America/Recife", city: "Recife" },
  { zone: "America/Maceio", city: "Maceió" },
  { zone: "America/Belem", city: "Belém" },
  { zone: "America/Araguaina", city: "Araguaína" },
  { zone: "America/Santarem", city: "Santarém" },
  { zone: "America/Manaus", city: "Manaus" },
  { zone: "America/Cuiaba", city: "Cuiabá" },
  { zone: "America/Campo_Grande", city: "Campo Grande" },
  { zone: "America/Porto_Velho", city: "Porto Velho" },
  { zone: "America/Boa_Vista", city: "Boa Vista" },
  { zone: "America/Rio_Branco", city: "Rio Branco" },
  { zone: "America/Eirunepe", city: "Eirunepé" },
];

/** A zone's offset from UTC at an instant, as 'UTC−03:00'. */
export function utcOffsetLabel(zone: string, at: Date = new Date()): string {
  const name = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" }).formatToParts(at).find((part) => part.type === "timeZoneName")?.value ?? "GMT";
  return name.replace("GMT", "UTC").replace("-", "\u2212");
}
