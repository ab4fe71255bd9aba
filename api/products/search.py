"""Finding the acting client's items: the list's filters and the search by name, SKU or UPC prefix.

A list may carry parts of features above the catalogue (free stock per warehouse from inventory), each
only when its query asks for it (so the products list stays fast); those features hand their part in
with ``add_list_part`` when the app is built (``create_app``)."""
from sqlalchemy import and_, func, literal, select, text, union_all

from api.common.pagination import after_cursor, paginate
from api.common.tenancy import owned_by
from api.extensions import db, on_postgresql
from api.products.detail import summary
from api.products.models import ItemType, search_key

PAGE_KEYS = (ItemType.name, ItemType.id)
_list_parts = {}


def add_list_part(name, compute):
    """Add ``name`` to each item of a list whose query argument ``name`` is true, as ``compute(item)``."""
    _list_parts[name] = compute


def _escape_like(term):
    return term.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


# A SKU or UPC prefix matching at most this many items has its matches gathered and sorted by name.
NARROW_PREFIX = 5000


# A broader one is looked for among this many names, in order, first: its matches are usually dense
# there. Only when they hold less than a page (its SKUs follow the names, say, so its matches sit
# together far down the list) are all its matches sorted.
PREFIX_WALK = 5000


def _first_ids(statement, page, order=PAGE_KEYS):
    # A subquery of its own: SQLite takes no ORDER BY or LIMIT on a UNION's member.
    ordered = statement.order_by(*order).limit(page).subquery()
    return select(ordered.c.id)


def _prefix_branches(conditions, column, term, page):
    """The ids of the first page of items whose ``column`` starts with ``term``, in three ways of which
    the first one or the last two find them."""
    pattern = _escape_like(term.lower()) + "%"
    matches = select(ItemType.id, ItemType.name).where(*conditions, func.lower(column).like(pattern, escape="\\"))
    hits = matches.limit(NARROW_PREFIX + 1).cte(f"{column.key}_prefix_hits")
    broad = select(func.count()).select_from(hits).scalar_subquery() > NARROW_PREFIX
    walked = select(ItemType.id, ItemType.name, column).where(*conditions).order_by(*PAGE_KEYS).limit(PREFIX_WALK).subquery()
    walk_hits = (
        select(walked.c.id).where(broad, func.lower(walked.c[column.key]).like(pattern, escape="\\"))
        .order_by(walked.c.name, walked.c.id).limit(page).cte(f"{column.key}_walk_hits")
    )
    walk_fell_short = select(func.count()).select_from(walk_hits).scalar_subquery() < page
    # Materialized: gathered by the prefix index and then sorted, never filtered along the name index.
    all_hits = matches.cte(f"{column.key}_all_prefix_hits").prefix_with("MATERIALIZED")
    return [
        _first_ids(select(hits.c.id).where(~broad), page, order=(hits.c.name, hits.c.id)),
        select(walk_hits.c.id),
        _first_ids(select(all_hits.c.id).where(broad, walk_fell_short), page, order=(all_hits.c.name, all_hits.c.id)),
    ]


def _name_holds(term):
    if not on_postgresql():
        return ItemType.name.ilike("%" + _escape_like(term) + "%", escape="\\")
    # The key condition matches nothing more (a name holding the term holds the term's key in its own
    # key) but lets the trigram index of the names' keys find the candidates. strpos on lower case is
    # ILIKE '%term%' in a form whose share of rows the planner does not estimate: two estimates of the
    # same match multiplied made it expect far fewer names than hold a common word. It comes first,
    # the cheaper test on each name when the planner walks the name index.
    return and_(
        func.strpos(func.lower(ItemType.name), func.lower(term)) > 0,
        search_key(ItemType.name).like("%" + search_key(literal(term)) + "%"),
    )


def _search(conditions, term, limit, cursor):
    """Items whose name holds ``term`` or whose SKU or UPC starts with it (ignoring case), a page
    after ``cursor``, in one statement. Each way of matching pages on its own, so each gets the plan
    that suits it; their first pages together hold the first page of the union."""
    if cursor:
        conditions = [*conditions, after_cursor(PAGE_KEYS, cursor)]
    if on_postgresql():
        # psycopg prepares a statement run often; a generic plan, made without knowing the term, could
        # neither use the trigram index nor tell a rare term from a common one. The estimate of the
        # statement counts ways of matching that will not run, and past jit_above_cost compiling it
        # took longer than running it.
        db.session.execute(text(
            "SELECT set_config('plan_cache_mode', 'force_custom_plan', true), set_config('jit', 'off', true)"
        ))
    page = limit + 1
    branches = [
        _first_ids(select(ItemType.id).where(*conditions, _name_holds(term)), page),
        *_prefix_branches(conditions, ItemType.sku, term, page),
        *_prefix_branches(conditions, ItemType.upc, term, page),
    ]
    return paginate(select(ItemType).where(ItemType.id.in_(union_all(*branches))), PAGE_KEYS, limit, cursor)


def list_items(client_id, args):
    conditions = [owned_by(ItemType, client_id)]
    if args["compositeType"]:
        conditions.append(ItemType.composite_type.in_({int(t) for t in args["compositeType"].split(",")}))
    if args["shopifyVariantId"]:
        conditions.append(ItemType.shopify_variant_id == args["shopifyVariantId"])
    term = (args["searchTerm"] or "").strip()
    if term:
        items, cursor = _search(conditions, term, args["limit"], args["cursor"])
    else:
        items, cursor = paginate(select(ItemType).where(*conditions), PAGE_KEYS, args["limit"], args["cursor"])
    parts = [(name, compute) for name, compute in _list_parts.items() if args.get(name)]
    return [{**summary(item), **{name: compute(item) for name, compute in parts}} for item in items], cursor
