"""When the jobs sweep sends a job again: at the first sweep after the broker is back (not one
JOB_RESEND_SECONDS after a send it refused), and as soon as a dead worker's lease has run out (not
one JOB_RESEND_SECONDS after the job's last send)."""
from datetime import timedelta

import pytest
from kombu.exceptions import OperationalError as BrokerDown

from api.jobs import service
from tests.jobs.test_sweep import NOW, job_row, make_job


@pytest.fixture
def broker(monkeypatch):
    """The broker: ``broker.up`` says whether it takes messages, ``broker.sent`` holds what it took."""
    class Broker:
        def __init__(self):
            self.up, self.sent, self.tried = True, [], []

        def delay(self, job_id):
            self.tried.append(job_id)
            if not self.up:
                raise BrokerDown("Error 111 connecting to 127.0.0.1:6379. Connection refused.")
            self.sent.append(job_id)

    fake = Broker()
    monkeypatch.setattr(service.run_job, "delay", fake.delay)
    return fake


def test_jobs_the_broker_refused_are_sent_by_the_first_sweep_after_it_is_back(app, factory, broker):
    job_ids = [make_job(factory, state="queued", attempts=n) for n in range(3)]
    broker.up = False
    assert service.send_stranded_jobs(NOW) == []
    assert len(broker.tried) == 1, "a sweep went on trying a broker that is down"
    assert [job_row(job_id).sent_at for job_id in job_ids] == [None] * 3

    broker.up = True
    next_sweep = NOW + timedelta(seconds=app.config["JOB_SWEEP_SECONDS"])
    assert sorted(service.send_stranded_jobs(next_sweep)) == sorted(job_ids)
    assert sorted(broker.sent) == sorted(job_ids) and job_row(job_ids[0]).sent_at == next_sweep


def test_a_dead_workers_job_is_sent_once_its_lease_ran_out_then_not_again_before_the_resend_time(app, factory, broker):
    resend = timedelta(seconds=app.config["JOB_RESEND_SECONDS"])
    job_id = make_job(factory, state="running", sent_at=NOW - timedelta(seconds=10),
                      lease_expires_at=NOW - timedelta(seconds=1), attempts=1)

    assert service.send_stranded_jobs(NOW) == [job_id]
    assert service.send_stranded_jobs(NOW + timedelta(seconds=1)) == []
    assert service.send_stranded_jobs(NOW + resend + timedelta(seconds=1)) == [job_id]
    assert broker.sent == [job_id, job_id]


def test_a_job_handed_back_after_its_slice_is_left_to_the_run_it_handed_itself_to(app, factory, broker):
    """Handing back ends the lease and sends the job in one moment: the sweep does not send it twice."""
    handed_back = NOW - timedelta(seconds=1)
    make_job(factory, state="running", sent_at=handed_back, lease_expires_at=handed_back, attempts=1)

    assert service.send_stranded_jobs(NOW) == []
    assert broker.sent == []
