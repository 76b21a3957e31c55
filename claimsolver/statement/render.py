def render(line):
    return repr(line)
