"""The mail transport: SMTP with credentials from MAIL_URL, the folder without it."""
from email.message import EmailMessage

import pytest
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult

from api.notifications import mailer
from tests.live import MailCatcher, free_port

# Loopback only: the test server asks for credentials without TLS on purpose.
pytestmark = pytest.mark.filterwarnings("ignore:Requiring AUTH while not requiring TLS")


class CheckingCredentials(MailCatcher):
    def __init__(self, username, password):
        super().__init__()
        self.expected = (username.encode(), password.encode())
        self.controller = Controller(self, hostname="127.0.0.1", port=self.port, authenticator=self.authenticate,
                                     auth_require_tls=False, auth_required=True)

    def authenticate(self, server, session, envelope, mechanism, auth_data):
        return AuthResult(success=(auth_data.login, auth_data.password) == self.expected)


def _message():
    message = EmailMessage()
    message["From"], message["To"], message["Subject"] = "portal@example.com", "someone@example.com", "Hello"
    message.set_content("Body")
    return message


@pytest.fixture
def smtp_with_login():
    server = CheckingCredentials("mailer", "p@ss:word")
    server.controller.start()
    yield server
    server.controller.stop()


def test_smtp_credentials_in_the_url_are_used_percent_decoded(smtp_with_login, tmp_path):
    config = {"MAIL_URL": f"smtp://mailer:p%40ss%3Aword@127.0.0.1:{smtp_with_login.port}", "MAIL_FOLDER": str(tmp_path)}

    mailer.send(config, _message(), "stem")

    [received] = smtp_with_login.wait_for(1)
    assert received["Subject"] == "Hello"
    assert list(tmp_path.iterdir()) == []


def test_without_a_mail_url_the_message_is_written_to_the_folder(tmp_path):
    mailer.send({"MAIL_URL": "", "MAIL_FOLDER": str(tmp_path / "mail")}, _message(), "0001-abc")

    assert (tmp_path / "mail" / "0001-abc.eml").read_bytes().startswith(b"From: portal@example.com")


def test_a_mail_url_of_another_scheme_is_refused(tmp_path):
    with pytest.raises(ValueError, match="smtp:// or smtps://"):
        mailer.send({"MAIL_URL": f"http://127.0.0.1:{free_port()}", "MAIL_FOLDER": str(tmp_path)}, _message(), "stem")
