import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

export interface TokenLink {
  token: string;
  email: string;
}

/**
 * The token and email a mailed link carries (SPEC section 2), read once and kept in component
 * state; they are then taken out of the address bar (replacing the history entry) so the token
 * does not linger in history, bookmarks or a copied address.
 */
export function useTokenLink(): TokenLink | null {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const [link] = useState<TokenLink | null>(() => {
    const params = new URLSearchParams(search);
    const token = params.get('token') ?? '';
    const email = params.get('email') ?? '';
    return token || email ? { token, email } : null;
  });
  useEffect(() => {
    const params = new URLSearchParams(search);
    if (!params.has('token') && !params.has('email')) return;
    params.delete('token');
    params.delete('email');
    const rest = params.toString();
    navigate({ pathname, search: rest ? `?${rest}` : '', hash }, { replace: true });
  }, [pathname, search, hash, navigate]);
  return link;
}
