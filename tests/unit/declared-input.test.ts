// A route's input is declared once (docs/decisions/0040-input-declared-once.md): takesJson /
// takesQuery / takesForm record the schema, and readJson(c) / readQuery(c) / readForm(c) check
// against it in the handler. A reader on a route that declared nothing does not compile (tsc fails
// if a line marked to fail ever compiles) and, forced, throws "no input declared".
import { Hono } from "hono";
import { describe, expect, expectTypeOf, it } from "vitest";
import { z } from "zod";
import { answerError } from "../../workers/platform/http/refusals";
import { HttpError } from "../../workers/platform/http/api-errors";
import type { ApiEnv } from "../../workers/platform/http/context";
import { readForm, readJson, readQuery, takesForm, takesJson, takesQuery } from "../../workers/platform/http/validate";

const amountSchema = z.object({ amount: z.number().int().min(1, "Số tiền tối thiểu là 1") });
const pageSchema = z.object({ page: z.coerce.number().int().min(1).default(1) });
const noteSchema = z.object({ note: z.array(z.string()).length(1).transform(([note]) => note) });

/** An app of `routes` answering refusals as the API does; anything else thrown is kept, and a 500. */
function appWith(routes: (app: Hono<ApiEnv>) => Hono<ApiEnv>) {
  const thrown: Error[] = [];
  const app = routes(new Hono<ApiEnv>());
  app.onError((error, c) => {
    if (error instanceof HttpError) return answerError(error, c);
    thrown.push(error);
    return c.text("", 500);
  });
  return { app, thrown };
}

const json = (body: unknown) => ({ method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });

describe("a reader on a route that declared no input", () => {
  it("does not compile, and throws 'no input declared' when forced", async () => {
    const { app, thrown } = appWith((app) =>
      app
        // @ts-expect-error no takesJson: readJson has no schema to check against
        .post("/json", async (c) => c.json(await readJson(c)))
        // @ts-expect-error no takesQuery
        .get("/query", (c) => c.json(readQuery(c)))
        // @ts-expect-error no takesForm
        .post("/form", async (c) => c.json(await readForm(c)))
        // @ts-expect-error a query declared is no body declared
        .post("/other", takesQuery(pageSchema), async (c) => c.json(await readJson(c))),
    );
    const answers = [await app.request("/json", json({ amount: 5 })), await app.request("/query?page=2"), await app.request("/form", { method: "POST", body: new FormData() }), await app.request("/other", json({}))];
    expect(answers.map((answer) => answer.status)).toEqual([500, 500, 500, 500]);
    expect(thrown.map((error) => error.message)).toEqual([
      "no input declared: this route reads its json without takesJson(schema) among its middleware",
      "no input declared: this route reads its query without takesQuery(schema) among its middleware",
      "no input declared: this route reads its form without takesForm(schema) among its middleware",
      "no input declared: this route reads its json without takesJson(schema) among its middleware",
    ]);
  });
});

describe("a declared input", () => {
  it("is checked in the handler, after the route's own lookups, against the schema declared", async () => {
    const { app } = appWith((app) =>
      app.post("/items/:id", takesJson(amountSchema), async (c) => {
        if (c.req.param("id") !== "1") throw new HttpError(404, "Không tìm thấy");
        const input = await readJson(c);
        expectTypeOf(input).toEqualTypeOf<{ amount: number }>();
        return c.json(input);
      }),
    );
    // The missing item answers first, whatever the body.
    expect((await app.request("/items/2", json({ amount: 0 }))).status).toBe(404);
    const refused = await app.request("/items/1", json({ amount: 0 }));
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ success: false, code: "validation_failed", message: "Số tiền tối thiểu là 1", errors: { amount: ["Số tiền tối thiểu là 1"] } });
    const notJson = await app.request("/items/1", { method: "POST", body: "{" });
    expect(await notJson.json()).toMatchObject({ success: false, errors: { non_field_errors: ["Nội dung yêu cầu phải là JSON hợp lệ"] } });
    expect(await (await app.request("/items/1", json({ amount: 3 }))).json()).toEqual({ amount: 3 });
  });

  it("reads a query as declared, refusing a parameter sent twice unless the route counts the first", async () => {
    const { app } = appWith((app) =>
      app
        .get("/strict", takesQuery(pageSchema), (c) => {
          const query = readQuery(c);
          expectTypeOf(query).toEqualTypeOf<{ page: number }>();
          return c.json(query);
        })
        .get("/lenient", takesQuery(pageSchema), (c) => c.json(readQuery(c, { repeated: "first" }))),
    );
    expect(await (await app.request("/strict?page=3")).json()).toEqual({ page: 3 });
    const twice = await app.request("/strict?page=3&page=4");
    expect(twice.status).toBe(400);
    expect(await twice.json()).toMatchObject({ errors: { page: ["Tham số này chỉ được gửi một lần"] } });
    expect(await (await app.request("/lenient?page=3&page=4")).json()).toEqual({ page: 3 });
  });

  it("reads a form as declared, each name with all its values", async () => {
    const { app } = appWith((app) =>
      app.post("/notes", takesForm(noteSchema), async (c) => {
        const form = await readForm(c);
        expectTypeOf(form).toEqualTypeOf<{ note: string }>();
        return c.json(form);
      }),
    );
    const body = new FormData();
    body.append("note", "một");
    expect(await (await app.request("/notes", { method: "POST", body })).json()).toEqual({ note: "một" });
    body.append("note", "hai");
    expect((await app.request("/notes", { method: "POST", body })).status).toBe(400);
  });

  it("keeps what each takes* declared when a route declares two", async () => {
    const { app } = appWith((app) =>
      app.post("/both", takesQuery(pageSchema), takesJson(amountSchema), async (c) => {
        const [query, body] = [readQuery(c), await readJson(c)];
        expectTypeOf(query).toEqualTypeOf<{ page: number }>();
        expectTypeOf(body).toEqualTypeOf<{ amount: number }>();
        return c.json({ ...query, ...body });
      }),
    );
    expect(await (await app.request("/both?page=2", json({ amount: 7 }))).json()).toEqual({ page: 2, amount: 7 });
  });
});
