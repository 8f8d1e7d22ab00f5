#!/usr/bin/env python3
"""A recording org.freedesktop.Notifications server for the desktop notifier's tests.

Run it on a private bus: dbus-run-session -- python notification_server.py --record FILE
It owns org.freedesktop.Notifications (unless --no-server), appends one JSON line per Notify call
to FILE (hints with their variants unwrapped), prints "READY <bus address>" and then obeys one
command per line on stdin, answering "OK" on stdout:
  invoke KEY    emits ActionInvoked(<id of the last notification>, KEY)
  close         emits NotificationClosed(<id of the last notification>, 2)
With --refuse, Notify answers the D-Bus error org.linkstr.Test.Error.Refused.
It exits at the end of stdin, or after --lifetime seconds.
"""
import argparse
import asyncio
import json
import os
import sys
import threading

from dbus_fast import DBusError, Variant
from dbus_fast.aio import MessageBus
from dbus_fast.service import ServiceInterface, method, signal

parser = argparse.ArgumentParser()
parser.add_argument("--record", required=True)
parser.add_argument("--refuse", action="store_true")
parser.add_argument("--no-server", action="store_true")
parser.add_argument("--lifetime", type=float, default=120)
options = parser.parse_args()


def plain(value):
    if isinstance(value, Variant):
        return plain(value.value)
    if isinstance(value, (bytes, bytearray)):
        return list(value)
    if isinstance(value, dict):
        return {key: plain(item) for key, item in value.items()}
    if isinstance(value, list):
        return [plain(item) for item in value]
    return value


class Notifications(ServiceInterface):
    def __init__(self):
        super().__init__("org.freedesktop.Notifications")
        self.last_id = 0

    @method()
    def Notify(self, app_name: "s", replaces_id: "u", app_icon: "s", summary: "s", body: "s",
               actions: "as", hints: "a{sv}", expire_timeout: "i") -> "u":
        if options.refuse:
            raise DBusError("org.linkstr.Test.Error.Refused", "the test server refuses every notification")
        self.last_id += 1
        record = dict(id=self.last_id, app_name=app_name, replaces_id=replaces_id, app_icon=app_icon,
                      summary=summary, body=body, actions=actions, hints=plain(hints),
                      expire_timeout=expire_timeout)
        with open(options.record, "a") as file:
            file.write(json.dumps(record) + "\n")
        return self.last_id

    @method()
    def GetCapabilities(self) -> "as":
        return ["body", "body-markup", "actions"]

    @method()
    def GetServerInformation(self) -> "ssss":
        return ["linkstr-test-stub", "linkstr", "1.0", "1.2"]

    @method()
    def CloseNotification(self, id: "u"):
        self.NotificationClosed(id, 3)

    @signal()
    def NotificationClosed(self, id, reason) -> "uu":
        return [id, reason]

    @signal()
    def ActionInvoked(self, id, action_key) -> "us":
        return [id, action_key]


def obey(server, line):
    words = line.split()
    if words[:1] == ["invoke"] and len(words) == 2:
        server.ActionInvoked(server.last_id, words[1])
    elif words == ["close"]:
        server.NotificationClosed(server.last_id, 2)
    print("OK", flush=True)


async def main():
    bus = await MessageBus().connect()
    server = Notifications()
    if not options.no_server:
        bus.export("/org/freedesktop/Notifications", server)
        await bus.request_name("org.freedesktop.Notifications")
    print("READY " + os.environ["DBUS_SESSION_BUS_ADDRESS"], flush=True)
    loop = asyncio.get_running_loop()
    finished = asyncio.Event()

    def read_commands():
        for line in sys.stdin:
            loop.call_soon_threadsafe(obey, server, line)
        loop.call_soon_threadsafe(finished.set)

    threading.Thread(target=read_commands, daemon=True).start()
    try:
        await asyncio.wait_for(finished.wait(), options.lifetime)
    except asyncio.TimeoutError:
        pass


asyncio.run(main())
