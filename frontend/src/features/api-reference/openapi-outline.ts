/** Turns an OpenAPI 3 document into the outline the API reference page shows. */

type Json = Record<string, unknown>;

export interface FieldOutline {
  name: string;
  type: string;
  required: boolean;
}

export interface SchemaOutline {
  name: string;
  fields: FieldOutline[];
}

export interface ParameterOutline {
  name: string;
  location: string;
  type: string;
  required: boolean;
}

export interface ResponseOutline {
  status: string;
  description: string;
  schema: SchemaOutline | null;
}

export interface OperationOutline {
  method: string;
  path: string;
  summary: string;
  parameters: ParameterOutline[];
  requestBody: SchemaOutline | null;
  responses: ResponseOutline[];
}

export interface TagOutline {
  name: string;
  description: string;
  operations: OperationOutline[];
}

export interface ApiOutline {
  title: string;
  version: string;
  description: string;
  tags: TagOutline[];
}

const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'];
const UNTAGGED = 'Other';

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const refName = (ref: string): string => ref.split('/').pop() ?? ref;

export function outlineOpenApi(document: unknown): ApiOutline {
  const root = isObject(document) ? document : {};
  const info = isObject(root.info) ? root.info : {};

  /** Follows a local "$ref" (#/components/...) to what it names. */
  function resolve(value: unknown): Json {
    if (!isObject(value)) return {};
    if (typeof value.$ref !== 'string') return value;
    let target: unknown = root;
    for (const segment of value.$ref.replace(/^#\//, '').split('/')) {
      target = isObject(target) ? target[segment.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
    }
    return isObject(target) ? target : {};
  }

  function typeName(schemaOrRef: unknown): string {
    if (!isObject(schemaOrRef)) return 'any';
    if (typeof schemaOrRef.$ref === 'string') return refName(schemaOrRef.$ref);
    if (schemaOrRef.type === 'array') return `${typeName(schemaOrRef.items)}[]`;
    const alternatives = schemaOrRef.oneOf ?? schemaOrRef.anyOf ?? schemaOrRef.allOf;
    if (Array.isArray(alternatives)) return alternatives.map(typeName).join(' | ');
    const types = Array.isArray(schemaOrRef.type) ? schemaOrRef.type.map(text) : [text(schemaOrRef.type) || 'object'];
    if (schemaOrRef.nullable === true) types.push('null');
    const format = text(schemaOrRef.format);
    return types.join(' | ') + (format ? ` (${format})` : '');
  }

  function schemaOutline(schemaOrRef: unknown): SchemaOutline | null {
    if (!isObject(schemaOrRef)) return null;
    const schema = resolve(schemaOrRef);
    const required = Array.isArray(schema.required) ? schema.required.map(text) : [];
    const properties = isObject(schema.properties) ? schema.properties : {};
    return {
      name: typeof schemaOrRef.$ref === 'string' ? refName(schemaOrRef.$ref) : typeName(schemaOrRef),
      fields: Object.entries(properties).map(([name, property]) => ({
        name,
        type: typeName(property),
        required: required.includes(name),
      })),
    };
  }

  function jsonSchemaOf(bodyOrResponse: Json): unknown {
    const content = isObject(bodyOrResponse.content) ? bodyOrResponse.content : {};
    const media = Object.values(content).find(isObject);
    return media?.schema;
  }

  function operationOutline(path: string, method: string, operation: Json, pathParameters: unknown[]): OperationOutline {
    const parameters = [...pathParameters, ...(Array.isArray(operation.parameters) ? operation.parameters : [])]
      .map(resolve)
      .map((parameter) => ({
        name: text(parameter.name),
        location: text(parameter.in),
        type: typeName(parameter.schema),
        required: parameter.required === true,
      }));
    const responses = isObject(operation.responses) ? operation.responses : {};
    return {
      method: method.toUpperCase(),
      path,
      summary: text(operation.summary) || text(operation.description),
      parameters,
      requestBody: operation.requestBody ? schemaOutline(jsonSchemaOf(resolve(operation.requestBody))) : null,
      responses: Object.entries(responses).map(([status, responseOrRef]) => {
        const response = resolve(responseOrRef);
        return { status, description: text(response.description), schema: schemaOutline(jsonSchemaOf(response)) };
      }),
    };
  }

  const tags = new Map<string, TagOutline>();
  for (const declared of Array.isArray(root.tags) ? root.tags.filter(isObject) : []) {
    tags.set(text(declared.name), { name: text(declared.name), description: text(declared.description), operations: [] });
  }

  const paths = isObject(root.paths) ? root.paths : {};
  for (const [path, pathItem] of Object.entries(paths)) {
    if (!isObject(pathItem)) continue;
    const pathParameters = Array.isArray(pathItem.parameters) ? pathItem.parameters : [];
    for (const method of HTTP_METHODS) {
      const operation = pathItem[method];
      if (!isObject(operation)) continue;
      const tagName = (Array.isArray(operation.tags) && text(operation.tags[0])) || UNTAGGED;
      if (!tags.has(tagName)) tags.set(tagName, { name: tagName, description: '', operations: [] });
      tags.get(tagName)?.operations.push(operationOutline(path, method, operation, pathParameters));
    }
  }

  return {
    title: text(info.title) || 'API Reference',
    version: text(info.version),
    description: text(info.description),
    tags: [...tags.values()].filter((tag) => tag.operations.length > 0),
  };
}
