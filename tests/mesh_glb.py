"""One mesh with one material as GLB bytes, for tests that need a model file
of a known shape: positions and normals (float32 VEC3), 16-bit indices."""
import json
import struct


def mesh_glb(node_name, material, positions, normals, indices, bound):
    """A GLB of one node NODE_NAME whose mesh has the given vertices and
    triangles and the glTF material MATERIAL (a dict); BOUND is the half size
    of the positions' box, written as the accessor's min and max."""
    position_bytes = b"".join(struct.pack("<3f", *p) for p in positions)
    normal_bytes = b"".join(struct.pack("<3f", *n) for n in normals)
    index_bytes = struct.pack(f"<{len(indices)}H", *indices)
    body = position_bytes + normal_bytes + index_bytes
    body += b"\0" * (-len(body) % 4)
    document = {
        "asset": {"version": "2.0"}, "scene": 0, "scenes": [{"nodes": [0]}],
        "nodes": [{"name": node_name, "mesh": 0}],
        "meshes": [{"primitives": [{"attributes": {"POSITION": 0, "NORMAL": 1}, "indices": 2,
                                    "material": 0}]}],
        "materials": [material],
        "buffers": [{"byteLength": len(body)}],
        "bufferViews": [
            {"buffer": 0, "byteOffset": 0, "byteLength": len(position_bytes), "target": 34962},
            {"buffer": 0, "byteOffset": len(position_bytes), "byteLength": len(normal_bytes),
             "target": 34962},
            {"buffer": 0, "byteOffset": len(position_bytes) + len(normal_bytes),
             "byteLength": len(index_bytes), "target": 34963}],
        "accessors": [
            {"bufferView": 0, "componentType": 5126, "count": len(positions), "type": "VEC3",
             "min": [-bound] * 3, "max": [bound] * 3},
            {"bufferView": 1, "componentType": 5126, "count": len(normals), "type": "VEC3"},
            {"bufferView": 2, "componentType": 5123, "count": len(indices), "type": "SCALAR"}],
    }
    text = json.dumps(document).encode()
    text += b" " * (-len(text) % 4)
    chunks = (struct.pack("<II", len(text), 0x4E4F534A) + text +
              struct.pack("<II", len(body), 0x004E4942) + body)
    return struct.pack("<III", 0x46546C67, 2, 12 + len(chunks)) + chunks
