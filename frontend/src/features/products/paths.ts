export function productsPath(clientId: string): string {
  return `/${clientId}/item_types`;
}

export function productPath(clientId: string, upc: string): string {
  return `${productsPath(clientId)}/${encodeURIComponent(upc)}`;
}
