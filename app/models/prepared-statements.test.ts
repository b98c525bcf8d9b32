import { describe, expect, it } from "vitest";
import { PREPARED_STATEMENT_LIMIT, statementName } from "./prepared-statements.server";

describe("statementName", () => {
  it("names a statement with parameters by its text, the same name each time", () => {
    const name = statementName('select "id" from "users" where "email" = $1', 1);
    expect(name).toMatch(/^k[\w-]{27}$/);
    expect(statementName('select "id" from "users" where "email" = $1', 1)).toBe(name);
    expect(statementName('select "id" from "users" where "id" = $1', 1)).not.toBe(name);
  });

  it("leaves a statement without parameters unnamed: a script of several commands needs the simple protocol", () => {
    expect(statementName("create table a (id int); create table b (id int)", 0)).toBeUndefined();
  });

  it("names at most PREPARED_STATEMENT_LIMIT texts per process; the ones named before keep their names", () => {
    const first = statementName("select $1::int as first", 1);
    for (let index = 0; index < PREPARED_STATEMENT_LIMIT; index++) statementName(`select $1::int + ${index}`, 1);
    expect(statementName("select $1::int as one_too_many", 1)).toBeUndefined();
    expect(statementName("select $1::int as first", 1)).toBe(first);
  });
});
