import { describe, expect, it } from "vitest";
import { Kysely, PostgresDialect } from "kysely";
import { PLANNED_PER_CALL, PREPARED_STATEMENT_LIMIT, statementName } from "./prepared-statements.server";

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

  it("leaves a statement planned per call unnamed, however Kysely ends it", () => {
    const builder = new Kysely<{ a: { id: string; n: number } }>({ dialect: new PostgresDialect({ pool: {} as never }) });
    const query = builder.selectFrom("a").select("id").where("n", ">", 1).orderBy("n").limit(3).offset(1).modifyEnd(PLANNED_PER_CALL).compile();
    expect(statementName(query.sql, query.parameters.length)).toBeUndefined();
    const count = builder.selectFrom("a").where("n", ">", 1).modifyEnd(PLANNED_PER_CALL).select((eb) => eb.fn.countAll().as("total")).compile();
    expect(statementName(count.sql, count.parameters.length)).toBeUndefined();
  });

  it("names at most PREPARED_STATEMENT_LIMIT texts per process; the ones named before keep their names", () => {
    const first = statementName("select $1::int as first", 1);
    for (let index = 0; index < PREPARED_STATEMENT_LIMIT; index++) statementName(`select $1::int + ${index}`, 1);
    expect(statementName("select $1::int as one_too_many", 1)).toBeUndefined();
    expect(statementName("select $1::int as first", 1)).toBe(first);
  });
});
