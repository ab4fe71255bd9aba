import useSWR from 'swr';
import { parse } from 'yaml';
import { OPENAPI_DOCUMENT_PATH } from '../../../config/constants';
import { apiRequestText } from '../../../lib/api-client';

/** The API's OpenAPI document, served as YAML next to the API. */
export async function getOpenApiDocument(): Promise<unknown> {
  const yamlText = await apiRequestText(OPENAPI_DOCUMENT_PATH, { accept: 'application/yaml, text/yaml, */*' });
  return parse(yamlText) as unknown;
}

export const openApiDocumentKey = 'openapi-document';

export function useOpenApiDocument() {
  return useSWR(openApiDocumentKey, getOpenApiDocument, { revalidateOnFocus: false });
}
