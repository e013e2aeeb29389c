import { randomUUID } from 'node:crypto';
import type { Cart, cartSchema } from '@esim/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import type { Queryable } from '../../audit';
import type { Db } from '../../db/client';
import { carts, partners, products, type CartLineRecord } from '../../db/schema';
import { NotFoundError } from '../../http/errors';
import { iso } from '../list-helpers';
import { withPartnerScope, type PartnerScope } from '../partners/public';

/*
 * The staff member's cart (docs/orders.md "The model"): the purchase wizard's draft, one per user,
 * kept in the database so that it survives a reload, and the Idempotency-Key of this wizard run.
 * A cart reserves nothing. PUT stores what it is given (the wizard sends the whole draft); DELETE
 * empties it and mints a new key, which starts a new wizard run.
 */

export type CartUpdate = v.InferOutput<typeof cartSchema>;

type CartRecord = typeof carts.$inferSelect & { partnerName: string | null };

async function readCart(q: Queryable, userId: string): Promise<CartRecord | undefined> {
  const [row] = await q
    .select({
      userId: carts.userId,
      partnerId: carts.partnerId,
      partnerName: partners.name,
      lines: carts.lines,
      customerName: carts.customerName,
      useCountries: carts.useCountries,
      notes: carts.notes,
      campaignCode: carts.campaignCode,
      idempotencyKey: carts.idempotencyKey,
      updatedAt: carts.updatedAt,
    })
    .from(carts)
    .leftJoin(partners, eq(partners.id, carts.partnerId))
    .where(eq(carts.userId, userId));
  return row;
}

async function toCart(q: Queryable, record: CartRecord): Promise<Cart> {
  const ids = record.lines.map((line) => line.productId);
  const found =
    ids.length === 0
      ? []
      : await q
          .select({ id: products.id, productCode: products.productCode, name: products.name })
          .from(products)
          .where(inArray(products.id, ids));
  const byId = new Map(found.map((product) => [product.id, product]));
  return {
    partnerId: record.partnerId,
    partnerName: record.partnerName,
    lines: record.lines.map((line) => {
      const product = byId.get(line.productId);
      return {
        productId: line.productId,
        quantity: line.quantity,
        productCode: product?.productCode ?? null,
        name: product?.name ?? null,
      };
    }),
    customerName: record.customerName,
    useCountries: record.useCountries,
    notes: record.notes,
    campaignCode: record.campaignCode,
    idempotencyKey: record.idempotencyKey,
    updatedAt: iso(record.updatedAt),
  };
}

/** An empty cart with a fresh key, over the user's cart or as a new one. */
async function resetCart(q: Queryable, userId: string): Promise<void> {
  const empty = {
    partnerId: null,
    lines: [],
    customerName: null,
    useCountries: [],
    notes: null,
    campaignCode: null,
    idempotencyKey: randomUUID(),
    updatedAt: sql`now()`,
  };
  await q
    .insert(carts)
    .values({ userId, ...empty })
    .onConflictDoUpdate({ target: carts.userId, set: empty });
}

export function createCartService(db: Db) {
  function scoped<T>(scope: PartnerScope, fn: (q: Queryable) => Promise<T>): Promise<T> {
    return scope.all ? fn(db) : withPartnerScope(db, scope, fn);
  }

  async function current(q: Queryable, userId: string): Promise<Cart> {
    const record = await readCart(q, userId);
    if (!record) throw new Error('cart not written');
    return toCart(q, record);
  }

  return {
    /** The caller's cart, created empty with a fresh key the first time. */
    get(userId: string, scope: PartnerScope): Promise<Cart> {
      return scoped(scope, async (q) => {
        const record = await readCart(q, userId);
        if (record) return toCart(q, record);
        await q
          .insert(carts)
          .values({ userId, idempotencyKey: randomUUID() })
          .onConflictDoNothing({ target: carts.userId });
        return current(q, userId);
      });
    },

    /** Saves the draft as given; the key stays. A partner out of reach is 'Partner not found'. */
    put(userId: string, input: CartUpdate, scope: PartnerScope): Promise<Cart> {
      return scoped(scope, async (q) => {
        const partnerId = input.partnerId?.toLowerCase() ?? null;
        if (partnerId) {
          if (!scope.all && scope.partnerId !== partnerId) throw new NotFoundError('Partner');
          const [partner] = await q
            .select({ id: partners.id })
            .from(partners)
            .where(eq(partners.id, partnerId));
          if (!partner) throw new NotFoundError('Partner');
        }
        const draft = {
          partnerId,
          lines: input.lines.map((line): CartLineRecord => ({
            productId: line.productId.toLowerCase(),
            quantity: line.quantity,
          })),
          customerName: input.customerName ?? null,
          useCountries: input.useCountries,
          notes: input.notes ?? null,
          campaignCode: input.campaignCode || null,
          updatedAt: sql`now()`,
        };
        await q
          .insert(carts)
          .values({ userId, idempotencyKey: randomUUID(), ...draft })
          .onConflictDoUpdate({ target: carts.userId, set: draft });
        return current(q, userId);
      });
    },

    /** Empties the cart and mints a new Idempotency-Key (a new wizard run). */
    clear(userId: string, scope: PartnerScope): Promise<Cart> {
      return scoped(scope, async (q) => {
        await resetCart(q, userId);
        return current(q, userId);
      });
    },
  };
}
