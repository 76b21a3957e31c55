class BoundStatement: pass
def bind(*a, **k): pass
