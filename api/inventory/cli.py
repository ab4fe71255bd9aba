"""``flask --app api.app check-inventory [--repair]``: rebuild the stock levels from the ledger."""
import click

from api.extensions import db
from api.inventory.service import ledger_drift


@click.command("check-inventory")
@click.option("--repair", is_flag=True, help="Rewrite the drifted levels from the ledger.")
def check_inventory(repair):
    """Compare every stock level with the sum of its ledger rows; exit 1 on drift unless repaired."""
    drift = ledger_drift(repair=repair)
    for row in drift:
        click.echo(
            f"item type {row['item_type_id']} at {row['location']}: level unbound/reserved/bound "
            f"{'/'.join(map(str, row['level']))}, ledger {'/'.join(map(str, row['ledger']))}"
        )
    if not drift:
        click.echo("Inventory levels match the ledger.")
        return
    if repair:
        db.session.commit()
        click.echo(f"Repaired {len(drift)} levels from the ledger.")
        return
    click.echo(f"{len(drift)} levels differ from the ledger; run with --repair to rebuild them.")
    raise SystemExit(1)
