import { useQuery } from '@tanstack/react-query';
import type { CartLineView } from '@esim/contracts';
import { useMemo, useState } from 'react';
import { orderKeys, reviewCart } from '../api';
import { basketFromCart, linesToLookUp, withReviewInfo, type BasketLine } from './basket';

/**
 * The wizard's basket, started from the saved cart. Lines restored from it have no price or
 * stock yet: a review of those lines fills them in.
 */
export function useBasket(saved: readonly CartLineView[], partnerId: string | null) {
  const [lines, setLines] = useState<BasketLine[]>(() => basketFromCart(saved));
  const lookUp = linesToLookUp(lines);
  const lineInfo = useQuery({
    queryKey: [...orderKeys.cart(), 'line-info', partnerId, lookUp.map((line) => line.productId)],
    queryFn: ({ signal }) =>
      reviewCart(
        {
          partnerId: partnerId ?? '',
          lines: lookUp.map((line) => ({ productId: line.productId, quantity: line.quantity })),
          // Only prices and stock are wanted here: the use countries are checked on step 2.
          useCountries: [],
        },
        signal,
      ),
    enabled: partnerId !== null && lookUp.length > 0,
    retry: false,
    staleTime: Infinity,
  });
  const basket = useMemo(
    () => (lineInfo.data ? withReviewInfo(lines, lineInfo.data) : lines),
    [lines, lineInfo.data],
  );
  return { basket, setLines };
}
