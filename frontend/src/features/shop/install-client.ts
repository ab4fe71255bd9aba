/**
 * The client an admin last opened the Shopify page for, in this tab: the install callback links the
 * shop to it. Client users always act for their own client and need none of this.
 */
const STORAGE_KEY = 'portal.shopInstallClientId';

export function rememberShopInstallClient(clientId: string) {
  sessionStorage.setItem(STORAGE_KEY, clientId);
}

export function shopInstallClient(): string | null {
  return sessionStorage.getItem(STORAGE_KEY);
}
