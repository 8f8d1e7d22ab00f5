#!/usr/bin/env python3
"""Runs a program with a pseudo-terminal as its controlling terminal, as a person at a terminal would.

usage: terminal_session.py [--stdin FILE] [--answer PROMPT=TEXT]... [--timeout S] -- PROGRAM [ARG]...

The program's stdout and stderr are the terminal (unless --stdin redirects its stdin from FILE, as a
shell's `< FILE` does). Each --answer types TEXT and Enter once PROMPT has appeared on the terminal,
in the order given. Prints one JSON object: {"status": exit status or -signal, "screen": everything
the program wrote to the terminal}.
"""
import json
import os
import pty
import select
import sys
import time


def main() -> None:
    args = sys.argv[1:]
    stdin_file = None
    answers = []
    timeout = 30.0
    while args and args[0] != "--":
        flag = args.pop(0)
        if flag == "--stdin":
            stdin_file = args.pop(0)
        elif flag == "--answer":
            prompt, _, text = args.pop(0).partition("=")
            answers.append((prompt.encode(), text.encode()))
        elif flag == "--timeout":
            timeout = float(args.pop(0))
        else:
            sys.exit(f"terminal_session.py: unknown option {flag}")
    program = args[1:]
    pid, master = pty.fork()
    if pid == 0:
        if stdin_file is not None:
            descriptor = os.open(stdin_file, os.O_RDONLY)
            os.dup2(descriptor, 0)
        os.execv(program[0], program)
    screen = b""
    searched_from = 0
    deadline = time.monotonic() + timeout
    while True:
        if answers and answers[0][0] in screen[searched_from:]:
            searched_from = screen.index(answers[0][0], searched_from) + len(answers[0][0])
            os.write(master, answers.pop(0)[1] + b"\n")
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            os.kill(pid, 9)
            break
        ready, _, _ = select.select([master], [], [], min(remaining, 0.2))
        if ready:
            try:
                chunk = os.read(master, 65536)
            except OSError:
                break
            if not chunk:
                break
            screen += chunk
    _, wait_status = os.waitpid(pid, 0)
    status = os.waitstatus_to_exitcode(wait_status)
    print(json.dumps({"status": status, "screen": screen.decode("utf-8", "replace")}))


if __name__ == "__main__":
    main()
